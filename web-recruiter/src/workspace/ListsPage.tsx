import { type ListSummary, WorkspaceMessages } from '@healthtal/contracts';
import {
  Alert,
  Button,
  Container,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../app/RequireAuth';
import { useToast } from '../app/toast';
import { shortDate } from '../directory/candidate-card';
import { titled } from '../directory/search/search-screen';
import { SavedListTexts } from './SavedListsSheet';
import { useDeleteList, useLists } from './workspace-api';

const LOAD_FAILED = 'Failed to load your lists';

/** My Lists (spec §2): a table of the user's lists, newest first, each with View and Delete. */
export function ListsPage() {
  const toast = useToast();
  const lists = useLists();
  const remove = useDeleteList();

  useEffect(() => {
    if (lists.isError) toast(titled('Error', LOAD_FAILED), 'error');
  }, [lists.isError, toast]);

  const del = async (list: ListSummary) => {
    try {
      await remove.mutateAsync(list.id);
      toast(SavedListTexts.deleted);
    } catch {
      toast(titled('Error', SavedListTexts.deleteFailed), 'error');
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        My Lists
      </Typography>
      {lists.isPending ? <PageSpinner /> : null}
      {lists.isError ? <Alert severity="error">{LOAD_FAILED}</Alert> : null}
      {lists.data?.length === 0 ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">{SavedListTexts.empty}</Typography>
          <Button variant="contained" component={RouterLink} to="/search">
            Go to Search
          </Button>
        </Stack>
      ) : null}
      {lists.data && lists.data.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="My Lists">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Physicians</TableCell>
                <TableCell>Created</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lists.data.map((list) => (
                <TableRow key={list.id}>
                  <TableCell sx={{ fontWeight: 600 }}>{list.name}</TableCell>
                  <TableCell>{list.description ?? ''}</TableCell>
                  <TableCell>{WorkspaceMessages.memberCount(list.memberCount)}</TableCell>
                  <TableCell>{shortDate(list.createdAt)}</TableCell>
                  <TableCell align="right">
                    <Button component={RouterLink} to={`/lists/${list.id}`} aria-label={`View ${list.name}`}>
                      View
                    </Button>
                    <Button color="error" onClick={() => void del(list)} aria-label={`Delete ${list.name}`}>
                      Delete
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Container>
  );
}
