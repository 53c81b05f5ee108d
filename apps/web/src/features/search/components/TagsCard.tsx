import type { CostQuery } from '@finlens/contracts/cost-query';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useCostQuery } from '../../cost-explorer/api/cost-query';
import { useDimensionKeys } from '../../cost-explorer/api/dimension-keys-query';
import { topGroups } from '../../home/home-transforms';

/** Tag keys looked at; each is one small cost query within the detail's rows. */
const TAG_KEYS_SHOWN = 8;

/** The tags on the detail's rows: for each of the client's first tag keys, the value those rows carry most. */
export function TagsCard({ query }: { query: CostQuery }) {
  const keys = useDimensionKeys('tag_keys', '');
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          Tags
        </Typography>
        {keys.isPending ? (
          <Skeleton variant="rectangular" height={60} />
        ) : (keys.data ?? []).length === 0 ? (
          <Typography color="text.secondary">No tags in the billing data.</Typography>
        ) : (
          (keys.data ?? [])
            .slice(0, TAG_KEYS_SHOWN)
            .map((key) => <TagValue key={key} query={query} tagKey={key} />)
        )}
      </CardContent>
    </Card>
  );
}

function TagValue({ query, tagKey }: { query: CostQuery; tagKey: string }) {
  const answer = useCostQuery({ ...query, dimension: 'tag_keys', dimension_key: tagKey, top_n: 1 });
  const top = answer.data === undefined ? undefined : topGroups(answer.data, 1)[0];
  if (top === undefined || top.key === null || top.key === '') return null;
  return <Chip size="small" label={`${tagKey}=${top.label}`} sx={{ mr: 1, mb: 1 }} />;
}
