import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const pulse = keyframes`
  0%, 40%, 100% { transform: scaleY(0.4); }
  20% { transform: scaleY(1); }
`;

const BARS = [0, 1, 2, 3, 4];

/** The five-bar loader of spec §2, shown while a lazy page loads. */
export function BarsLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-busy="true"
      sx={{ display: 'flex', gap: '4px', justifyContent: 'center', alignItems: 'center', height: 120, py: 4 }}
    >
      {BARS.map((bar) => (
        <Box
          key={bar}
          data-testid="loader-bar"
          sx={{
            width: 6,
            height: 40,
            borderRadius: 1,
            bgcolor: 'primary.main',
            animation: `${pulse} 1.2s ease-in-out infinite`,
            animationDelay: `${bar * 0.1}s`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        />
      ))}
    </Box>
  );
}
