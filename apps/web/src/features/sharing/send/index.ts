export {
  LockedShareButton,
  SHARE_UPGRADE_TARGET,
  ShareButton,
  type ShareButtonProps,
} from './ShareButton.tsx';
