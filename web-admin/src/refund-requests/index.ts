import type { RefundRequestRow } from '@healthtal/contracts';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import { RefundRequestList } from './RefundRequestList';

/** The `refund-requests` resource: money-back guarantee requests to approve or reject. */
export default {
  list: RefundRequestList,
  icon: CurrencyExchangeIcon,
  recordRepresentation: (row: RefundRequestRow) => row.email ?? '(deleted)',
};
