export * from './allocation.js';
export * from './maker-checker.js';
export * from './periods.js';
