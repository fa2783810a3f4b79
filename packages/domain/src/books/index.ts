export * from './allocation.js';
export * from './maker-checker.js';
export * from './periods.js';
export * from './ledger.js';
export * from './month-end.js';
export * from './records.js';
export * from './posting-window.js';
export * from './share-days.js';
