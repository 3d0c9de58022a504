import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { Box, CircularProgress, Drawer, IconButton, Stack, Typography } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { useToast } from '../app/toast';
import { titled } from '../directory/search/search-screen';
import { SheetHeader } from './SheetHeader';

export type SheetTexts = {
  title: string;
  empty: string;
  loadFailed: string;
  deleted: string;
  deleteFailed: string;
};

type Props<Item extends { id: string; name: string }> = {
  open: boolean;
  onClose: () => void;
  texts: SheetTexts;
  items: { isLoading: boolean; isError: boolean; data?: Item[] };
  /** The item's name, dates and details. */
  body: (item: Item) => ReactNode;
  /** The item's main button (View List, Apply Search). */
  action: (item: Item) => ReactNode;
  remove: (item: Item) => Promise<unknown>;
};

/**
 * A right-hand side sheet of the user's saved things (spec §2, Saved Searches and Saved Lists): the
 * title with a close button, loading and empty states, one card per item with its main action and a
 * delete button, and the spec's toasts for a failed load and for deleting.
 */
export function SideSheet<Item extends { id: string; name: string }>({
  open,
  onClose,
  texts,
  items,
  body,
  action,
  remove,
}: Props<Item>) {
  const toast = useToast();
  useEffect(() => {
    if (items.isError) toast(titled('Error', texts.loadFailed), 'error');
  }, [items.isError, toast, texts.loadFailed]);

  const del = async (item: Item) => {
    try {
      await remove(item);
      toast(texts.deleted);
    } catch {
      toast(titled('Error', texts.deleteFailed), 'error');
    }
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // The sheet is a dialog: named by its title (axe: aria-dialog-name).
      slotProps={{ paper: { 'aria-label': texts.title, sx: { width: { xs: '100%', sm: 420 } } } }}
    >
      <Box sx={{ p: 2 }} role="region" aria-label={texts.title}>
        <SheetHeader title={texts.title} onClose={onClose} />
        {items.isLoading ? <CircularProgress aria-label="Loading" /> : null}
        {items.data?.length === 0 ? <Typography color="text.secondary">{texts.empty}</Typography> : null}
        <Stack spacing={2}>
          {items.data?.map((item) => (
            <Box
              key={item.id}
              component="article"
              aria-label={item.name}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              {body(item)}
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
                {action(item)}
                <Box sx={{ flex: 1 }} />
                <IconButton aria-label={`Delete ${item.name}`} onClick={() => void del(item)}>
                  <DeleteOutline />
                </IconButton>
              </Stack>
            </Box>
          ))}
        </Stack>
      </Box>
    </Drawer>
  );
}
