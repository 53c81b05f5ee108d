import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useProjectsAws } from '../admin/api/projects-aws-query';

/** The target's projects (scope.project_ids): none chosen means every project of the client. */
export function ProjectPicker({
  value,
  onChange,
}: {
  value: string[] | undefined;
  onChange: (ids: string[] | undefined) => void;
}) {
  // The start-up chain already holds this list in the cache.
  const projects = useProjectsAws();
  const options = projects.data ?? [];
  const names = new Map(options.map((p) => [p.id, p.name]));
  return (
    <Autocomplete
      multiple
      options={options.map((p) => p.id)}
      getOptionLabel={(id) => names.get(id) ?? id}
      value={value ?? []}
      onChange={(_, ids) => onChange(ids.length === 0 ? undefined : ids)}
      loading={projects.isPending}
      renderInput={(params) => (
        <TextField {...params} label="Projects" helperText="Every project of the organisation when empty" />
      )}
    />
  );
}
