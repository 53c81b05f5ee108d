import {
  RECOMMENDATION_TYPE_INFO,
  type RecommendationType,
  recommendationTypeSchema,
} from '@finlens/contracts/recommendations';
import Alert from '@mui/material/Alert';
import { useParams } from 'react-router';
import { RecommendationsPage } from './RecommendationsPage';

/** A page per recommendation type (/v3/cost/recommendations/:type, /v3/essentials/recommendations/:name). */
export function TypeRecommendationsPage({ title, paid = false }: { title: string; paid?: boolean }) {
  const params = useParams();
  const parsed = recommendationTypeSchema.safeParse(params.type ?? params.name);
  if (!parsed.success) {
    return (
      <RecommendationsPage title={title} paid={paid}>
        <Alert severity="warning">There is no such recommendation type.</Alert>
      </RecommendationsPage>
    );
  }
  const type: RecommendationType = parsed.data;
  return (
    <RecommendationsPage
      key={type}
      title={title}
      subtitle={RECOMMENDATION_TYPE_INFO[type].name}
      fixed={{ type }}
      paid={paid}
      intro="Each row opens its evidence (the metrics the rule judged, against its thresholds) and its ledger."
    />
  );
}
