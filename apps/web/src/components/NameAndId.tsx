import Typography from '@mui/material/Typography';

/** A thing's name with its id below in small print; the id alone when it has no name. */
export function NameAndId({ name, id }: { name: string | null; id: string }) {
  return (
    <>
      <Typography variant="body2">{name ?? id}</Typography>
      {name !== null && (
        <Typography variant="caption" color="text.secondary">
          {id}
        </Typography>
      )}
    </>
  );
}
