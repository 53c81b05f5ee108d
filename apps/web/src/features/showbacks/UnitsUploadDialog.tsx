import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RowErrorsTable } from '../../components/RowErrorsTable';
import { useUploadDailyUnits } from './api/upload-daily-units-mutation';
import { type UnitsError, unitsErrors, unitsTemplate } from './daily-units-view';

interface Props {
  showbackId: string;
  showbackName: string;
  /** The values the template lists. */
  values: readonly string[];
  /** The template's date (the first day of the range shown). */
  date: string;
  onClose: () => void;
}

/** The file's problems: the server checks every cell and applies nothing when one is bad. */
function UploadErrors({ errors }: { errors: UnitsError[] }) {
  return (
    <Alert severity="error">
      Nothing was applied. Fix the file and upload it again:
      <RowErrorsTable
        label="Problems in the file"
        whereLabel="Line"
        errors={errors.map((e) => ({ ...e, where: String(e.line ?? '-') }))}
      />
    </Alert>
  );
}

/**
 * Daily units (spec §3: showback_value, date, units) from a CSV file, so the detail shows a unit cost per
 * value. A value and day uploaded again replaces the earlier units.
 */
export function UnitsUploadDialog({ showbackId, showbackName, values, date, onClose }: Props) {
  const upload = useUploadDailyUnits(showbackId);
  const [file, setFile] = useState<File | null>(null);
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(unitsTemplate(values, date))}`;
  const send = async () => {
    if (file !== null) upload.mutate(await file.text());
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="units-title" fullWidth maxWidth="sm">
      <DialogTitle id="units-title">Upload daily units</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">
            A CSV file with the columns showback_value, date (YYYY-MM-DD) and units: how much each value used
            or served per day (requests, users, gigabytes…). Unit cost is a value's cost divided by its units
            over the range.
          </Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              href={template}
              download={`${showbackName}-daily-units.csv`}
              startIcon={<FileDownloadOutlined />}
            >
              Download template
            </Button>
            <Button component="label" variant="outlined" startIcon={<FileUploadOutlined />}>
              Choose CSV file
              <input
                type="file"
                accept=".csv,text/csv"
                hidden
                aria-label="Daily units CSV file"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  upload.reset();
                }}
              />
            </Button>
            <Typography variant="body2" color="text.secondary">
              {file?.name ?? 'No file chosen'}
            </Typography>
          </Stack>
          {upload.isSuccess ? (
            <Alert severity="success">{`${upload.data.applied} rows applied from ${file?.name ?? 'the file'}.`}</Alert>
          ) : null}
          {upload.isError ? <UploadErrors errors={unitsErrors(upload.error)} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" disabled={file === null} loading={upload.isPending} onClick={send}>
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
