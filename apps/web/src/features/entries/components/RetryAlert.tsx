// Moved to components/ui (the notifications and sharing pages use it too); kept here so existing imports hold.
export { RetryAlert } from '../../../components/ui/retry-alert.tsx';
