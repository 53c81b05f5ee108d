import ContentCopy from '@mui/icons-material/ContentCopy';
import Done from '@mui/icons-material/Done';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { ColDef } from 'ag-grid-community';
import { useState } from 'react';

/**
 * The console's id of a commitment: the ARN's resource part after its last `/` or `:`
 * (`arn:aws:ec2:…:reserved-instances/1a2b…` → `1a2b…`, `arn:aws:rds:…:ri:nightly` → `nightly`); text that is no
 * ARN stays as it is.
 */
export function shortId(arn: string): string {
  if (!arn.startsWith('arn:')) return arn;
  const resource = arn.split(':').slice(5).join(':');
  return resource.slice(Math.max(resource.lastIndexOf('/'), resource.lastIndexOf(':')) + 1) || arn;
}

/**
 * A commitment's ARN on one line: the short id, the whole ARN as its title (hover) and a button that copies it,
 * so a grid row keeps one line's height however long the ARN.
 */
export function CommitmentArn({ arn }: { arn: string }) {
  const [copied, setCopied] = useState(false);
  const id = shortId(arn);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(arn);
      setCopied(true);
    } catch {
      // Without clipboard access the title still shows the whole ARN to select.
      setCopied(false);
    }
  };
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap', maxWidth: '100%' }}
    >
      <Box
        component="span"
        title={arn}
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', fontFamily: 'monospace', fontSize: '0.85em' }}
      >
        {id}
      </Box>
      <IconButton
        size="small"
        aria-label={copied ? `Copied the ARN of ${id}` : `Copy the ARN of ${id}`}
        title={copied ? 'Copied' : `Copy ${arn}`}
        onClick={() => void copy()}
        sx={{ ml: 0.25, p: 0.25 }}
      >
        {copied ? <Done sx={{ fontSize: 14 }} /> : <ContentCopy sx={{ fontSize: 14 }} />}
      </IconButton>
    </Box>
  );
}

/**
 * A grid column's cell as a CommitmentArn of `arnOf(row)`, one line high (the grid's defaults wrap text and grow
 * the row to fit it); the cell's value, and so its sort, filter and CSV, stay as the column gives them.
 */
export function arnCell<Row>(arnOf: (row: Row) => string): Partial<ColDef<Row>> {
  return {
    cellRenderer: ({ data }: { data?: Row }) => (data ? <CommitmentArn arn={arnOf(data)} /> : null),
    wrapText: false,
    autoHeight: false,
    minWidth: 190,
  };
}
