export * from './errors.js';
export * from './roles.js';
export * from './status.js';
export * from './money.js';
export * from './auth/schemas.js';
