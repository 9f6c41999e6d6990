export * from './constants.ts';
export * from './domain/currency.ts';
export * from './domain/hash-scroll.ts';
export * from './schemas/contact.ts';
export * from './schemas/errors.ts';
export * from './schemas/health.ts';
export * from './schemas/pricing.ts';
