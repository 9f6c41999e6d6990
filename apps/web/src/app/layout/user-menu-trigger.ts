/** The account menu's trigger, the same before and after the menu's code has loaded. */
export const USER_MENU_LABEL = 'Account menu';
export const USER_MENU_TRIGGER_CLASS =
  'inline-flex size-10 items-center justify-center rounded-full transition-colors hover:bg-muted';
