import type { allocationRulesSchema } from '@finlens/contracts/showbacks';
import { formatMoney } from '@finlens/cost-model/format';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicatorOutlined from '@mui/icons-material/DragIndicatorOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { AdminAction, useIsAdmin } from '../../components/AdminAction';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useConfirmRemoval } from '../../components/use-confirm-removal';
import { dimensionLabel } from '../cost-explorer/DimensionPicker';
import { useAllocationRules } from './api/allocation-rules-query';
import { useDeleteRules } from './api/delete-rules-mutation';
import { useMoveRule } from './api/move-rule-mutation';
import { useShowbackConfig } from './api/showbacks-query';
import { type EditedRule, RuleDialog, SPLIT_LABELS } from './RuleDialog';
import { ShowbackHeader, useShowbackRoute } from './ShowbackHeader';
import { moveTarget, reorder, showbackHrefs } from './showback-view';
import { ValuesPanel } from './ValuesPanel';

type Rule = z.infer<typeof allocationRulesSchema>['rules'][number];

function ruleAction(rule: Rule): string {
  if (rule.kind === 'assign') return `to ${rule.target_value ?? ''}`;
  const across = rule.splits.length === 0 ? 'every value' : rule.splits.map((s) => s.value).join(', ');
  return `shared ${SPLIT_LABELS[rule.split_method ?? 'even'].toLowerCase()} across ${across}`;
}

function filterSummary(rule: Rule): string {
  if (rule.filters.length === 0) return 'No filters: matches nothing yet';
  return rule.filters
    .map(({ filter }) => {
      const what = 'pairs' in filter ? filter.pairs.map((p) => `${p.key}=${p.value}`) : filter.values;
      return `${dimensionLabel(filter.dimension)} ${filter.mode.replace('_', ' ')} ${what.join(', ')}`;
    })
    .join(' and ');
}

const editedRule = (rule: Rule): EditedRule => ({
  id: rule.id,
  fields: {
    name: rule.name,
    kind: rule.kind,
    target_value: rule.target_value,
    split_method: rule.split_method,
    splits: rule.splits,
  },
  filters: rule.filters.map(({ id, filter }) => ({ id, filter })),
});

interface RuleActionsProps {
  name: string;
  first: boolean;
  last: boolean;
  moving: boolean;
  onMove: (step: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** An admin's buttons on a rule: move up / down, edit, delete. */
function RuleActions({ name, first, last, moving, onMove, onEdit, onDelete }: RuleActionsProps) {
  return (
    <>
      <IconButton aria-label={`Move ${name} up`} disabled={first || moving} onClick={() => onMove(-1)}>
        <ArrowUpwardOutlined />
      </IconButton>
      <IconButton aria-label={`Move ${name} down`} disabled={last || moving} onClick={() => onMove(1)}>
        <ArrowDownwardOutlined />
      </IconButton>
      <IconButton aria-label={`Edit ${name}`} onClick={onEdit}>
        <EditOutlined />
      </IconButton>
      <IconButton aria-label={`Delete ${name}`} onClick={onDelete}>
        <DeleteOutlined />
      </IconButton>
    </>
  );
}

/**
 * The allocation editor (/v3/cost/showbacks-allocation-api/:key/allocation-rules/ and the allocation root):
 * the rules in order — drag one onto another, or use its move up / down buttons — each with what its
 * filters match and what it moves in its place; add / edit / delete; combined and hidden values. Members
 * read the rules: adding is disabled with the reason, reordering, editing and values are not offered.
 */
export function AllocationRulesPage() {
  const { id, range, dates } = useShowbackRoute();
  const rules = useAllocationRules(id, dates);
  const showback = useShowbackConfig(id).data;
  const move = useMoveRule(id);
  const remove = useDeleteRules(id);
  const isAdmin = useIsAdmin();
  const [editing, setEditing] = useState<EditedRule | 'new' | null>(null);
  const removal = useConfirmRemoval(remove, (item: Rule) => [item.id]);
  // The order shown while a move is being saved.
  const [pending, setPending] = useState<Rule[] | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const list = pending ?? rules.data?.rules ?? [];

  const moveRule = (from: number, to: number) => {
    const target = moveTarget(
      list.map((rule) => rule.id),
      from,
      to,
    );
    if (target === null) return;
    setPending(reorder(list, from, to));
    move.mutate(target, { onSettled: () => setPending(null) });
  };
  const values = [
    ...new Set([
      ...(showback?.showback_values ?? []),
      ...(showback?.combined_values.map((c) => c.name) ?? []),
    ]),
  ];

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <ShowbackHeader title="Allocation rules">
        <Stack direction="row" sx={{ ml: 'auto', gap: 1 }}>
          <Button component={RouterLink} to={showbackHrefs.unallocated(id, range)} variant="outlined">
            Unallocated resources
          </Button>
          <AdminAction reason="Only admins can change allocation rules.">
            {(disabled) => (
              <Button
                variant="contained"
                startIcon={<AddOutlined />}
                disabled={disabled}
                onClick={() => setEditing('new')}
              >
                Add rule
              </Button>
            )}
          </AdminAction>
        </Stack>
      </ShowbackHeader>
      <Typography variant="body2" color="text.secondary">
        Rules apply in order: the first rule whose filters all match a line item takes its cost.
        {isAdmin ? ' Drag a rule, or use its arrows, to change the order.' : ''}
      </Typography>
      {move.isError ? <Alert severity="error">{move.error.message}</Alert> : null}
      {rules.isError ? (
        <Alert severity="error">{rules.error.message}</Alert>
      ) : rules.data === undefined ? (
        <Stack spacing={1} aria-busy="true" aria-label="Loading the rules">
          <Skeleton variant="rounded" height={64} />
          <Skeleton variant="rounded" height={64} />
        </Stack>
      ) : list.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography>No allocation rules.</Typography>
          <Typography variant="body2" color="text.secondary">
            Without rules, cost goes to the value of its tag; what has none stays Unallocated.
          </Typography>
        </Paper>
      ) : (
        <Box component="ol" aria-label="Allocation rules" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((rule, index) => (
            <Paper
              key={rule.id}
              component="li"
              variant="outlined"
              draggable={isAdmin}
              aria-label={`${index + 1}. ${rule.name}`}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                setDragged(index);
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) moveRule(dragged, index);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              sx={{
                p: 1.5,
                mb: 1,
                display: 'flex',
                gap: 1,
                alignItems: 'center',
                opacity: dragged === index ? 0.5 : 1,
              }}
            >
              {isAdmin ? (
                <DragIndicatorOutlined sx={{ cursor: 'grab', color: 'text.secondary' }} aria-hidden />
              ) : null}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {index + 1}. {rule.name} <Typography component="span">{ruleAction(rule)}</Typography>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {filterSummary(rule)}
                </Typography>
                <Typography variant="body2" aria-label={`${rule.name} cost`}>
                  Matches {formatMoney(rule.matched_cost)}, moves {formatMoney(rule.moved_cost)}
                </Typography>
              </Box>
              <Link component={RouterLink} to={showbackHrefs.ruleResources(id, rule.id, range)}>
                Resources
              </Link>
              {isAdmin ? (
                <RuleActions
                  name={rule.name}
                  first={index === 0}
                  last={index === list.length - 1}
                  moving={move.isPending}
                  onMove={(step) => moveRule(index, index + step)}
                  onEdit={() => setEditing(editedRule(rule))}
                  onDelete={() => removal.ask(rule)}
                />
              ) : null}
            </Paper>
          ))}
        </Box>
      )}
      {showback && isAdmin ? <ValuesPanel showback={showback} /> : null}
      {editing === null ? null : (
        <RuleDialog
          showbackId={id}
          rule={editing === 'new' ? null : editing}
          values={values}
          range={dates}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        title="Delete rule"
        text={`Delete the rule ${removal.target?.name ?? ''}? Its cost goes back to tags or Unallocated.`}
        confirmLabel="Delete"
        {...removal.dialog}
      />
    </Stack>
  );
}
