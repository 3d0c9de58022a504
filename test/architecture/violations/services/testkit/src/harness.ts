export const startTestApp = 3;
