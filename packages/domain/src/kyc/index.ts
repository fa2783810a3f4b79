export * from './dates.js';
export * from './messages.js';
export * from './sa-id.js';
export * from './schemas.js';
export * from './wizard.js';
export * from './typed-numbers.js';
