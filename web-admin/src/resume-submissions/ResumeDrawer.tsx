import { formatPhoneForDisplay, type ResumeStatus, type ResumeSubmissionRow } from '@healthtal/contracts';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Chip, Divider, Drawer, IconButton, Link, Stack, Typography } from '@mui/material';
import {
  EmailField,
  FunctionField,
  type Identifier,
  ShowBase,
  SimpleShowLayout,
  TextField,
  useRecordContext,
} from 'react-admin';
import { PacificTimeField, pacificTime } from '../fields/PacificTimeField';
import { DecisionButton } from './ResumeActions';
import { ResumeFileField } from './ResumeFileField';

const TITLE_ID = 'resume-drawer-title';
// MUI's orange under white text is too faint to read (axe): pending is the plain chip.
const statusColor = { pending: 'default', approved: 'success', rejected: 'error' } as const;
const statusLabel = (status: ResumeStatus) => status[0]!.toUpperCase() + status.slice(1);

export const fullName = (row: Pick<ResumeSubmissionRow, 'firstName' | 'middleName' | 'lastName'>) =>
  [row.firstName, row.middleName, row.lastName].filter(Boolean).join(' ');

/** Who is asking, and where they are: the drawer's heading. */
function ResumeHeading({ onClose }: { onClose(): void }) {
  const row = useRecordContext<ResumeSubmissionRow>();
  return (
    <Stack direction="row" sx={{ p: 2, gap: 1, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1 }}>
        <Typography id={TITLE_ID} variant="h6" component="h2">
          {row ? fullName(row) : 'Resume'}
        </Typography>
        {row ? (
          <Typography variant="body2" color="text.secondary">
            {row.title} · {row.companyName}
          </Typography>
        ) : null}
      </Box>
      {row ? <Chip label={statusLabel(row.status)} color={statusColor[row.status]} size="small" /> : null}
      <IconButton aria-label="Close" onClick={onClose} size="small">
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/** What was decided and when; a pending submission has not been decided yet. */
function Decision({ row }: { row: ResumeSubmissionRow }) {
  if (row.status === 'pending') return <>Not decided yet</>;
  return (
    <>
      {statusLabel(row.status)} {pacificTime(row.processedAt ?? row.approvedAt)}
    </>
  );
}

const Education = ({ row }: { row: ResumeSubmissionRow }) =>
  row.education.length === 0 ? (
    <>None given</>
  ) : (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {row.education.map((entry) => (
        <li key={`${entry.school}|${entry.degree}`}>
          {[entry.degree, entry.school].filter(Boolean).join(', ')}
        </li>
      ))}
    </Box>
  );

const Skills = ({ row }: { row: ResumeSubmissionRow }) =>
  row.skills.length === 0 ? (
    <>None given</>
  ) : (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {row.skills.map((skill) => (
        <Chip key={skill} label={skill} size="small" variant="outlined" />
      ))}
    </Stack>
  );

/** Every field the submitter gave, as the admin needs it to decide. */
function ResumeFields() {
  return (
    <SimpleShowLayout sx={{ px: 2, py: 1 }}>
      <EmailField source="email" label="Email" />
      <FunctionField<ResumeSubmissionRow>
        label="Phone"
        render={(row) => formatPhoneForDisplay(row.phone) ?? '—'}
      />
      <FunctionField<ResumeSubmissionRow>
        label="LinkedIn"
        render={(row) =>
          row.linkedinUrl ? (
            <Link href={row.linkedinUrl} target="_blank" rel="noopener noreferrer">
              {row.linkedinUrl.replace(/^https:\/\/(www\.)?/, '')}
            </Link>
          ) : (
            'None given'
          )
        }
      />
      <TextField source="title" label="Title" />
      <TextField source="companyName" label="Company" />
      <FunctionField<ResumeSubmissionRow> label="Specialty" render={(row) => row.specialty || 'General'} />
      <TextField source="location" label="Location" />
      <FunctionField<ResumeSubmissionRow> label="Education" render={(row) => <Education row={row} />} />
      <FunctionField<ResumeSubmissionRow> label="Skills" render={(row) => <Skills row={row} />} />
      <FunctionField<ResumeSubmissionRow>
        label="Resume file"
        render={(row) => <ResumeFileField row={row} />}
      />
      <PacificTimeField source="submittedAt" label="Submitted" />
      <FunctionField<ResumeSubmissionRow> label="Decision" render={(row) => <Decision row={row} />} />
    </SimpleShowLayout>
  );
}

/**
 * The drawer's Reject and Approve, while the submission is pending (a decision is final). A
 * decision closes the drawer: the list shows the outcome, and the toast is not behind a modal.
 */
function DrawerDecision({ onDecided }: { onDecided(): void }) {
  const row = useRecordContext<ResumeSubmissionRow>();
  if (row?.status !== 'pending') return null;
  return (
    <Stack direction="row" sx={{ px: 2, pb: 2, gap: 1, justifyContent: 'flex-end' }}>
      <DecisionButton action="reject" size="medium" onDecided={onDecided} />
      <DecisionButton action="approve" size="medium" onDecided={onDecided} />
    </Stack>
  );
}

/**
 * A submission in full, beside the list (react-admin's show view in a drawer, like Posters
 * Galore's review drawer): read through the data provider's getOne, decided from here too.
 */
export function ResumeDrawer({ id, onClose }: { id: Identifier | null; onClose(): void }) {
  return (
    <Drawer
      anchor="right"
      open={id !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': TITLE_ID,
          sx: { width: { xs: '100%', sm: 480 } },
        },
      }}
    >
      {id === null ? null : (
        <ShowBase resource="resume-submissions" id={id}>
          <ResumeHeading onClose={onClose} />
          <Divider />
          <ResumeFields />
          <DrawerDecision onDecided={onClose} />
        </ShowBase>
      )}
    </Drawer>
  );
}
