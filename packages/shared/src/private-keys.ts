/*
 * Private mode's key layer (ADR 089) whole, reached as `@daybook/shared/private-keys`. The package's index exports
 * only its WebCrypto part (domain/private-keys.ts); Argon2id's WebAssembly and the recovery key's word list are
 * reached through this entry alone, which the web imports dynamically when a passphrase or recovery key is used,
 * so no route and no version-1 account loads them.
 */

export * from './domain/account-key.ts';
export * from './domain/passphrase-key.ts';
export * from './domain/private-keys.ts';
export * from './domain/recovery-key.ts';
