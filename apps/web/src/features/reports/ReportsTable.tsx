import type { GlobalReport, Report } from '@finlens/contracts/reports';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import Share from '@mui/icons-material/Share';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { explorerUrlOf, lastSentSummary, scheduleSummary } from './report-view';

export type ReportAction = 'rename' | 'duplicate' | 'share' | 'hide' | 'delete';

function Action({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} size="small" onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

/** A link that opens the saved view in the Explorer. */
function OpenLink({ report, label }: { report: Parameters<typeof explorerUrlOf>[0]; label: string }) {
  return (
    <Link component={RouterLink} to={explorerUrlOf(report)} aria-label={`Open ${label} in the Explorer`}>
      {label}
    </Link>
  );
}

/** The caller's or the client's reports: name (opens the Explorer), owner, schedule, last send, actions. */
export function ReportsTable({
  reports,
  caption,
  onAction,
}: {
  reports: Report[];
  caption: string;
  onAction: (action: ReportAction, report: Report) => void;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Owner</TableCell>
            <TableCell>Schedule</TableCell>
            <TableCell>Last sent</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {reports.map((report) => (
            <TableRow key={report.id} hover>
              <TableCell>
                <OpenLink report={report} label={report.name} />
                {report.visibility === 'client' ? (
                  <Chip label="Shared" size="small" variant="outlined" sx={{ ml: 1 }} />
                ) : null}
                {report.is_hidden ? <Chip label="Hidden" size="small" sx={{ ml: 1 }} /> : null}
              </TableCell>
              <TableCell>
                <Typography variant="body2">{report.owner.name || report.owner.email}</Typography>
              </TableCell>
              <TableCell>{scheduleSummary(report.schedule)}</TableCell>
              <TableCell>{lastSentSummary(report)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Action label={`Duplicate ${report.name}`} onClick={() => onAction('duplicate', report)}>
                  <ContentCopy fontSize="small" />
                </Action>
                {report.can_manage ? (
                  <>
                    <Action label={`Rename ${report.name}`} onClick={() => onAction('rename', report)}>
                      <DriveFileRenameOutline fontSize="small" />
                    </Action>
                    <Action label={`Share ${report.name}`} onClick={() => onAction('share', report)}>
                      <Share fontSize="small" />
                    </Action>
                    <Action
                      label={`${report.is_hidden ? 'Unhide' : 'Hide'} ${report.name}`}
                      onClick={() => onAction('hide', report)}
                    >
                      {report.is_hidden ? (
                        <Visibility fontSize="small" />
                      ) : (
                        <VisibilityOff fontSize="small" />
                      )}
                    </Action>
                    <Action label={`Delete ${report.name}`} onClick={() => onAction('delete', report)}>
                      <DeleteOutlined fontSize="small" />
                    </Action>
                  </>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The global templates: open one in the Explorer, or copy it into an ordinary report. */
export function TemplatesTable({
  templates,
  onCopy,
}: {
  templates: GlobalReport[];
  onCopy: (template: GlobalReport) => void;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Global templates">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Description</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {templates.map((template) => (
            <TableRow key={template.key} hover>
              <TableCell>
                <OpenLink report={template} label={template.name} />
              </TableCell>
              <TableCell>{template.description}</TableCell>
              <TableCell align="right">
                <Action label={`Copy ${template.name}`} onClick={() => onCopy(template)}>
                  <ContentCopy fontSize="small" />
                </Action>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
