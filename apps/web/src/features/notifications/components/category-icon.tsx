import type { NotificationCategory } from '@letsema/domain';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Box from '@mui/material/Box';
import type { ReactElement } from 'react';

interface CategoryLook {
  label: string;
  icon: ReactElement;
  color: string;
  tint: string;
}

const categoryLooks: Record<NotificationCategory, CategoryLook> = {
  registration: {
    label: 'Registration',
    icon: <HowToRegOutlined />,
    color: '#007AFF',
    tint: 'rgba(0, 122, 255, 0.1)',
  },
  pool: { label: 'Pool', icon: <GroupsOutlined />, color: '#5856D6', tint: 'rgba(88, 86, 214, 0.12)' },
  payment: { label: 'Payment', icon: <PaymentsOutlined />, color: '#C93400', tint: 'rgba(255, 149, 0, 0.14)' },
  profit: { label: 'Profit', icon: <TrendingUp />, color: '#248A3D', tint: 'rgba(52, 199, 89, 0.14)' },
};

const fallbackLook: CategoryLook = {
  label: 'Notification',
  icon: <NotificationsOutlined />,
  color: '#8E8E93',
  tint: 'rgba(142, 142, 147, 0.14)',
};

/** A round, tinted icon telling what a notification is about. */
export function CategoryIcon({ category, size = 40 }: { category: string; size?: number }) {
  const look = (categoryLooks as Record<string, CategoryLook | undefined>)[category] ?? fallbackLook;
  return (
    <Box
      component="span"
      role="img"
      aria-label={look.label}
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        flexShrink: 0,
        bgcolor: look.tint,
        color: look.color,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        '& svg': { fontSize: Math.round(size * 0.5) },
      }}
    >
      {look.icon}
    </Box>
  );
}
