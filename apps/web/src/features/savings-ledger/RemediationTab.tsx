import { RECOMMENDATION_TYPE_INFO, type RecommendationType } from '@finlens/contracts/recommendations';
import type { RemediationPolicy } from '@finlens/contracts/savings-ledger';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BarsLoader } from '../../components/BarsLoader';
import { useRemediation, useSaveRemediation } from './api/remediation-query';

const TYPES = Object.keys(RECOMMENDATION_TYPE_INFO) as RecommendationType[];

const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** Tags written key=value, comma-separated. */
const tagsOf = (text: string) =>
  list(text).map((pair) => ({ key: pair.split('=')[0] ?? '', value: pair.split('=').slice(1).join('=') }));

/**
 * Settings → Remediation: per rule, whether Finlens may apply its recommendations by itself, on which accounts and
 * tags, and whether an admin approves each one or the policy approves it (recorded as the system in the trail).
 */
export function RemediationTab() {
  const current = useRemediation();
  if (current.isPending) return <BarsLoader label="Loading remediation" />;
  if (current.isError) return <Alert severity="error">{current.error.message}</Alert>;
  return <RemediationForm initial={current.data.policies} />;
}

function RemediationForm({ initial }: { initial: RemediationPolicy[] }) {
  const save = useSaveRemediation();
  const [policies, setPolicies] = useState(initial);
  const update = (index: number, patch: Partial<RemediationPolicy>) =>
    setPolicies(policies.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const unused = TYPES.find((type) => !policies.some((p) => p.rule_key === type));
  return (
    <Box>
      <Typography variant="h5" component="h2" gutterBottom>
        Remediation
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Without a policy every recommendation waits for an admin's approval before anything changes in the
        cloud. Applying always runs a dry run first and snapshots a volume before deleting it.
      </Typography>
      <Stack spacing={2}>
        {policies.map((policy, index) => (
          <Stack key={policy.rule_key} direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
            <TextField
              select
              size="small"
              label="Rule"
              value={policy.rule_key}
              onChange={(e) => update(index, { rule_key: e.target.value as RecommendationType })}
              sx={{ minWidth: 240 }}
            >
              {TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {RECOMMENDATION_TYPE_INFO[type].name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Approval"
              value={policy.approval}
              onChange={(e) => update(index, { approval: e.target.value as RemediationPolicy['approval'] })}
            >
              <MenuItem value="admin">An admin approves each</MenuItem>
              <MenuItem value="automatic">The policy approves</MenuItem>
            </TextField>
            <FormControlLabel
              control={
                <Checkbox
                  checked={policy.auto_apply}
                  onChange={(e) => update(index, { auto_apply: e.target.checked })}
                />
              }
              label="Apply automatically"
            />
            <TextField
              size="small"
              label="Accounts (comma-separated, empty: all)"
              defaultValue={policy.account_ids.join(', ')}
              onBlur={(e) => update(index, { account_ids: list(e.target.value) })}
            />
            <TextField
              size="small"
              label="Tags (key=value, comma-separated)"
              defaultValue={policy.tags.map((t) => `${t.key}=${t.value}`).join(', ')}
              onBlur={(e) => update(index, { tags: tagsOf(e.target.value) })}
            />
            <Button onClick={() => setPolicies(policies.filter((_, i) => i !== index))}>Remove</Button>
          </Stack>
        ))}
      </Stack>
      {save.isError ? <Alert severity="error">{save.error.message}</Alert> : null}
      {save.isSuccess ? <Alert severity="success">Saved.</Alert> : null}
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Button
          disabled={unused === undefined}
          onClick={() =>
            unused &&
            setPolicies([
              ...policies,
              { rule_key: unused, auto_apply: false, approval: 'admin', account_ids: [], tags: [] },
            ])
          }
        >
          Add a policy
        </Button>
        <Button variant="contained" loading={save.isPending} onClick={() => save.mutate({ policies })}>
          Save
        </Button>
      </Stack>
    </Box>
  );
}
