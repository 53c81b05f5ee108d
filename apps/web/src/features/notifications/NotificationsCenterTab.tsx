import type { Channel, SendTestResult } from '@finlens/contracts/notifications';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BarsLoader } from '../../components/BarsLoader';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useConfirmRemoval } from '../../components/use-confirm-removal';
import { AnomaliesPanel } from '../anomalies/AnomaliesPanel';
import { useCurrentUser } from '../auth/api/current-user-query';
import { useChannels } from './api/channels-query';
import { useDeleteChannelMutation } from './api/delete-channel-mutation';
import { useSendTestMutation } from './api/send-test-mutation';
import { ChannelDialog } from './components/ChannelDialog';
import { ChannelsTable } from './components/ChannelsTable';
import { DeliveryLog } from './components/DeliveryLog';

const CHANNELS_ADMIN_ONLY_MESSAGE = 'Only admins add, change, test and remove channels.';

/** "Test message to Ops delivered (HTTP 200)." or the failure with its HTTP code and error. */
function testResultText(channel: Channel, result: SendTestResult): string {
  const code = result.http_status === null ? '' : ` (HTTP ${result.http_status})`;
  if (result.ok) return `Test message to ${channel.name} delivered${code}.`;
  return `Test message to ${channel.name} failed${code}: ${result.error ?? 'no answer'}`;
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="h6" component="h3" sx={{ mt: 4, mb: 1 }}>
      {children}
    </Typography>
  );
}

function ChannelsSection({ isAdmin }: { isAdmin: boolean }) {
  const channels = useChannels();
  const sendTest = useSendTestMutation();
  const remove = useDeleteChannelMutation();
  const [editing, setEditing] = useState<Channel | 'new' | null>(null);
  const removal = useConfirmRemoval(remove, (item: Channel) => item.id);
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);

  if (channels.isPending) return <BarsLoader />;
  if (channels.isError) return <Alert severity="error">{channels.error.message}</Alert>;
  const test = (channel: Channel) => {
    setTestResult(null);
    sendTest.mutate(channel.id, {
      onSuccess: (result) => setTestResult({ ok: result.ok, text: testResultText(channel, result) }),
      onError: (error) => setTestResult({ ok: false, text: error.message }),
    });
  };
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 4, mb: 1 }}>
        <Typography variant="h6" component="h3">
          Channels
        </Typography>
        {isAdmin ? (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
            Add channel
          </Button>
        ) : null}
      </Stack>
      {isAdmin ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {CHANNELS_ADMIN_ONLY_MESSAGE}
        </Alert>
      )}
      {testResult === null ? null : (
        <Alert
          severity={testResult.ok ? 'success' : 'error'}
          sx={{ mb: 2 }}
          onClose={() => setTestResult(null)}
          aria-label="Test result"
        >
          {testResult.text}
        </Alert>
      )}
      <ChannelsTable
        channels={channels.data}
        isAdmin={isAdmin}
        testing={sendTest.isPending ? (sendTest.variables ?? null) : null}
        onEdit={setEditing}
        onTest={test}
        onDelete={removal.ask}
      />
      {editing === null ? null : (
        <ChannelDialog channel={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        title="Delete channel"
        text={`Delete ${removal.target?.name ?? ''}? It stops receiving notifications at once; its deliveries stay in the log.`}
        confirmLabel="Delete"
        {...removal.dialog}
      />
      {isAdmin ? (
        <>
          <SectionTitle>Delivery log</SectionTitle>
          <DeliveryLog channels={channels.data} />
        </>
      ) : null}
    </>
  );
}

/**
 * Settings tab Notifications Center: the client's anomalies (everyone), its channels with what each sends
 * (everyone reads; admins manage and test them) and the delivery log (admins).
 */
export function NotificationsCenterTab() {
  const user = useCurrentUser();
  return (
    <Box sx={{ pt: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        Notifications Center
      </Typography>
      <SectionTitle>Anomalies</SectionTitle>
      <AnomaliesPanel />
      {user.isPending ? <BarsLoader /> : null}
      {user.isError ? <Alert severity="error">{user.error.message}</Alert> : null}
      {user.isSuccess ? <ChannelsSection isAdmin={user.data.is_admin} /> : null}
    </Box>
  );
}
