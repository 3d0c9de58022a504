import type { ResumeSubmissionRow } from '@healthtal/contracts';
import DescriptionIcon from '@mui/icons-material/Description';
import { ResumeList } from './ResumeList';

/** The `resume-submissions` resource: resume approval (/resume-approval). */
export default {
  list: ResumeList,
  icon: DescriptionIcon,
  recordRepresentation: (row: ResumeSubmissionRow) => `${row.firstName} ${row.lastName}`,
};
