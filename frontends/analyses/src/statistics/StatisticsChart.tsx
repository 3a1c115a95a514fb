import { Box } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';

export type ChartSeries = { key: string; label: string; colour: string };

const HEIGHT = 240;
/** The width drawn before the layout has measured the card (first paint, or no layout at all). */
const FALLBACK_WIDTH = 640;

/** The card's inner width, followed on window resizes, so the chart fills phones and wide screens alike. */
function useMeasuredWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const measure = () => {
      const measured = ref.current?.clientWidth ?? 0;
      if (measured > 0) setWidth(measured);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return { ref, width };
}

/** R1.12 a line or bar chart (recharts) of the series over the points' x labels. */
export function StatisticsChart({
  kind,
  points,
  xKey,
  series,
  title,
}: {
  kind: 'line' | 'bar';
  points: readonly Record<string, string | number | null | undefined>[];
  xKey: string;
  series: readonly ChartSeries[];
  title: string;
}) {
  const { ref, width } = useMeasuredWidth();
  const data = points.map((point) => ({ ...point }));
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="#ddd" />
      <XAxis dataKey={xKey} fontSize={11} minTickGap={12} />
      <YAxis fontSize={11} width={48} allowDecimals={false} />
      <Tooltip />
    </>
  );
  return (
    <Box ref={ref} width="100%" data-testid={`statistics-chart-${kind}`} role="img" aria-label={title}>
      {kind === 'bar' ? (
        <BarChart width={width} height={HEIGHT} data={data} accessibilityLayer>
          {axes}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.colour} isAnimationActive={false} />
          ))}
        </BarChart>
      ) : (
        <LineChart width={width} height={HEIGHT} data={data} accessibilityLayer>
          {axes}
          {series.map((s) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={s.colour}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
    </Box>
  );
}
