import { app } from '../../api/src/app';

export const store = app;
