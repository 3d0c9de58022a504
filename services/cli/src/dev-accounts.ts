/** The designated demo account of embedded mode (see the README's dev accounts). */
export const DEV_DEMO_EMAIL = 'demo@healthtal.test';
