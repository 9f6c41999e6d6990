/** Where "See Premium" leads: the plan section of Profile Settings (docs/product/plans-billing.md#plans-locked: the upgrade target is /profile). */
export const PREMIUM_UPGRADE_TARGET = '/profile#subscription';
