import { app } from '../../services/api/src/app';

export const screen = app;
