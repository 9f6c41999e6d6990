/*
 * Private mode's key layer (ADR 089), reached as `@daybook/shared/private-keys` and never from the package's index:
 * it carries Argon2id's WebAssembly and the recovery key's word list, which only the private-mode code may load
 * (the web's route budgets; version-1 accounts never load it).
 */
export * from './domain/passphrase-key.ts';
export * from './domain/private-keys.ts';
export * from './domain/recovery-key.ts';
