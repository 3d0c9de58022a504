/** Spec: stored in local storage under adminDemoMode; when on, admin navigation is hidden. */
export const ADMIN_DEMO_MODE_KEY = 'adminDemoMode';
export const isAdminDemoMode = () => window.localStorage.getItem(ADMIN_DEMO_MODE_KEY) === 'true';
