/** The private-mode module's operations (apps/server/src/modules/private-mode): its key (ADR 089), its switch (ADR 097). */
export { cancelSwitchOff } from './cancel-switch-off.ts';
export { changePassphrase } from './change-passphrase.ts';
export { finishSwitchOff } from './finish-switch-off.ts';
export { keys } from './keys.ts';
export { plainImportKeys } from './plain-import-keys.ts';
export { reEncrypt } from './re-encrypt.ts';
export { reEncryption } from './re-encryption.ts';
export { rekeyImport } from './rekey-import.ts';
export { replaceRecoveryKey } from './replace-recovery-key.ts';
export { setUp } from './set-up.ts';
export { startFresh } from './start-fresh.ts';
export { status } from './status.ts';
export { switchOff } from './switch-off.ts';
export { switchStatus } from './switch-status.ts';
