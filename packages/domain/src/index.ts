export * from './errors.js';
export * from './roles.js';
export * from './status.js';
export * from './money.js';
export * from './auth/schemas.js';
export * from './notifications/schemas.js';
export * from './time.js';
export * from './kyc/index.js';
