import { app } from '../app';
import { exportRoute } from '../directory/export.routes';

export const lists = app + exportRoute;
