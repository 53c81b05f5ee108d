import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

/**
 * A choice among the client's projects (a cost target's scope, Commitment Management's filter): none chosen means
 * every project. The caller passes the projects (the start-up chain already holds the list in the cache).
 */
export function ProjectPicker({
  projects,
  loading,
  value,
  onChange,
}: {
  projects: readonly { id: string; name: string }[];
  loading: boolean;
  value: string[] | undefined;
  onChange: (ids: string[] | undefined) => void;
}) {
  const names = new Map(projects.map((p) => [p.id, p.name]));
  return (
    <Autocomplete
      multiple
      options={projects.map((p) => p.id)}
      getOptionLabel={(id) => names.get(id) ?? id}
      value={value ?? []}
      onChange={(_, ids) => onChange(ids.length === 0 ? undefined : ids)}
      loading={loading}
      renderInput={(params) => (
        <TextField {...params} label="Projects" helperText="Every project of the organisation when empty" />
      )}
    />
  );
}
