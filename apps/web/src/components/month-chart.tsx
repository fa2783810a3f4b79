import { formatRandAmount } from '@letsema/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type * as ChartJs from 'chart.js';
import { useEffect, useId, useRef, useState } from 'react';
import { formatPeriod } from '../lib/formatters';
import { visuallyHidden } from '../lib/visually-hidden';
import { MuiTheme } from './mui-theme';

export interface MonthSeries {
  label: string;
  /** Rand per month, in the order of `periods`. */
  values: number[];
  colour: string;
  type: 'line' | 'bar';
}

type ChartModule = typeof ChartJs;
let loading: Promise<ChartModule> | undefined;

/** Chart.js is fetched the first time a chart is drawn, with only the parts these charts use. */
function loadChartJs(): Promise<ChartModule> {
  loading ??= import('chart.js').then((module) => {
    module.Chart.register(
      module.LineController,
      module.BarController,
      module.LineElement,
      module.BarElement,
      module.PointElement,
      module.CategoryScale,
      module.LinearScale,
      module.Tooltip,
      module.Legend,
    );
    return module;
  });
  return loading;
}

/**
 * Figures month by month as a chart, with the same figures in a table that screen readers read
 * (the drawing itself is hidden from them).
 */
export function MonthChart({ title, periods, series }: { title: string; periods: string[]; series: MonthSeries[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [isDrawn, setIsDrawn] = useState(false);
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  const key = JSON.stringify({ periods, series });

  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let isCurrent = true;
    loadChartJs()
      .then(({ Chart }) => {
        if (!isCurrent || !canvas.current) return;
        chart = new Chart(canvas.current, {
          data: {
            labels: periods.map((period) => formatPeriod(period)),
            datasets: series.map((entry) => ({
              type: entry.type,
              label: entry.label,
              data: entry.values,
              borderColor: entry.colour,
              backgroundColor: entry.type === 'bar' ? entry.colour : 'transparent',
              tension: 0.25,
              pointRadius: 2,
            })),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: 'index', intersect: false },
            plugins: {
              legend: { position: 'bottom', labels: { boxWidth: 12 } },
              tooltip: {
                callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatRandAmount(Number(item.raw))}` },
              },
            },
            scales: {
              // The axis has room for 'Nov 2026'; the tooltip names the month in full.
              x: { ticks: { callback: (value) => formatPeriod(periods[Number(value)] ?? '', 'short') } },
              y: { ticks: { callback: (value) => formatRandAmount(Number(value)) } },
            },
          },
        });
        setIsDrawn(true);
      })
      .catch(() => setFailed(true));
    return () => {
      isCurrent = false;
      chart?.destroy();
    };
    // The figures' content decides a redraw, not the arrays' identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return (
    <MuiTheme>
      <Paper component="figure" aria-labelledby={titleId} sx={{ p: 2, m: 0 }}>
        <Typography id={titleId} component="figcaption" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        <Box sx={{ position: 'relative', height: 220 }}>
          {!isDrawn && !failed && <Skeleton variant="rounded" height={220} sx={{ position: 'absolute', inset: 0 }} />}
          {failed && (
            <Typography variant="body2" color="text.secondary">
              The chart could not be drawn; the figures are in the table below.
            </Typography>
          )}
          <canvas ref={canvas} aria-hidden="true" />
        </Box>
        <Box component="table" sx={failed ? { mt: 1, fontSize: 14 } : visuallyHidden}>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {series.map((entry) => (
                <th scope="col" key={entry.label}>
                  {entry.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {periods.map((period, index) => (
              <tr key={period}>
                <th scope="row">{formatPeriod(period)}</th>
                {series.map((entry) => (
                  <td key={entry.label}>{formatRandAmount(entry.values[index] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Paper>
    </MuiTheme>
  );
}
