/** Where "See Premium" leads: the plan section of Profile Settings (spec §2: the upgrade target is /profile). */
export const PREMIUM_UPGRADE_TARGET = '/profile#subscription';
