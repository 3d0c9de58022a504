export const exportRoute = 2;
