import { ExportMessages as M } from '@healthtal/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

type Props = { onCancel: () => void; onConfirm: () => void };

/** Asked before an export that would end the customer's money-back guarantee. */
export function ExportGuaranteeDialog({ onCancel, onConfirm }: Props) {
  return (
    <Dialog open onClose={onCancel} aria-labelledby="export-guarantee-title">
      <DialogTitle id="export-guarantee-title">{M.guaranteeTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{M.guaranteeText}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{M.guaranteeCancel}</Button>
        <Button variant="contained" color="warning" onClick={onConfirm}>
          {M.guaranteeConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
