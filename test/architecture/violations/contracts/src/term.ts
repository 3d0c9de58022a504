import { lists } from '../../services/api/src/workspace/lists.routes';

export const term = lists;
