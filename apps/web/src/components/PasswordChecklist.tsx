import {
  checkPasswordRules,
  PASSWORD_RULE_MESSAGES,
  PASSWORD_RULES,
  type PasswordContext,
} from '@finlens/cost-model/password-rules';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';

interface PasswordChecklistProps {
  password: string;
  context?: PasswordContext;
}

/**
 * Live hints under a new-password field: each spec §5 rule with the server's own message. An empty
 * password shows the rules unticked rather than failed (spec §5: empty is treated as valid).
 */
export function PasswordChecklist({ password, context = {} }: PasswordChecklistProps) {
  const result = checkPasswordRules(password, context);
  const empty = password === '';
  return (
    <List dense aria-label="Password rules" disablePadding sx={{ mb: 1 }}>
      {PASSWORD_RULES.map((rule) => {
        const passes = result[rule];
        const state = empty ? 'pending' : passes ? 'met' : 'unmet';
        return (
          <ListItem key={rule} disableGutters data-state={state} sx={{ py: 0 }}>
            <ListItemIcon sx={{ minWidth: 28 }}>
              {state === 'pending' ? (
                <RadioButtonUnchecked fontSize="small" color="disabled" />
              ) : state === 'met' ? (
                <CheckCircleOutlined fontSize="small" color="success" />
              ) : (
                <CancelOutlined fontSize="small" color="error" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={PASSWORD_RULE_MESSAGES[rule]}
              slotProps={{
                primary: { variant: 'body2', color: state === 'unmet' ? 'error' : 'text.secondary' },
              }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
