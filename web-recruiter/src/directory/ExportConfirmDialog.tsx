import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';

export type ExportQuestion = {
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  /** A warning for a question whose yes gives something up (the money-back guarantee). */
  warning?: boolean;
};

type Props = { question: ExportQuestion; onCancel: () => void; onConfirm: () => void };

/**
 * Asked before an export: how many candidates a search export takes, or that the export would end
 * the customer's money-back guarantee.
 */
export function ExportConfirmDialog({ question, onCancel, onConfirm }: Props) {
  const titleId = useId();
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{question.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{question.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{question.cancel}</Button>
        <Button variant="contained" color={question.warning ? 'warning' : 'primary'} onClick={onConfirm}>
          {question.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
