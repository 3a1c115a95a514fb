import { Box, Button, Heading, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { isApiError, type Language } from '@pawline/api-client';
import { QueryState, type QueryLike } from '@pawline/ui';
import type { ReactNode } from 'react';
import { buildCsv, type CsvValue } from '../csv';
import type { Translate } from '../i18n/translator';
import type { AnalysisBucket, AnalysisPeriod, PeriodChoice } from './analyses-api';
import { StatisticsChart } from './StatisticsChart';

export type ChartKind = 'line' | 'bar';

/** R1.12 period, buckets and chart kind. */
export function PeriodPickers({
  t,
  choice,
  chart,
  onChoice,
  onChart,
}: {
  t: Translate;
  choice: PeriodChoice;
  chart: ChartKind;
  onChoice: (choice: PeriodChoice) => void;
  onChart: (chart: ChartKind) => void;
}) {
  return (
    <HStack gap="4" wrap="wrap">
      <Picker
        label={t('analyses.period')}
        value={choice.period}
        options={[
          ['7d', t('analyses.period7d')],
          ['30d', t('analyses.period30d')],
          ['12m', t('analyses.period12m')],
        ]}
        onChange={(period) => onChoice({ ...choice, period: period as AnalysisPeriod })}
      />
      <Picker
        label={t('analyses.bucket')}
        value={choice.bucket}
        options={[
          ['day', t('analyses.bucketDay')],
          ['month', t('analyses.bucketMonth')],
        ]}
        onChange={(bucket) => onChoice({ ...choice, bucket: bucket as AnalysisBucket })}
      />
      <Picker
        label={t('analyses.chart')}
        value={chart}
        options={[
          ['line', t('analyses.chartLine')],
          ['bar', t('analyses.chartBar')],
        ]}
        onChange={(kind) => onChart(kind as ChartKind)}
      />
    </HStack>
  );
}

function Picker({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  return (
    <label>
      <Text as="span" fontSize="sm" display="block">
        {label}
      </Text>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {options.map(([key, text]) => (
            <option key={key} value={key}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </label>
  );
}

const planRequired = (error: unknown) => isApiError(error) && error.status === 402;

/** Loading, error (with the plan's text when the plan lacks statistics, R1.20, and no retry then) and ready. */
export function StatisticsState<T>({
  t,
  language,
  query,
  children,
}: {
  t: Translate;
  language: Language;
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <QueryState
      query={query}
      language={language}
      loadingLabel={t('analyses.loading')}
      errorTitle={(error) => (planRequired(error) ? t('analyses.planRequired') : t('analyses.error'))}
      retryable={(error) => !planRequired(error)}
    >
      {children}
    </QueryState>
  );
}

export type Column<R> = { key: string; label: string; value: (row: R) => CsvValue; show?: (row: R) => string };

/** Saves a chart's data as CSV (R1.12: every chart's data can be exported). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** A chart (line or bar) of some columns of the rows, the table of all columns, and its CSV. */
export function ChartCard<R>({
  t,
  id,
  title,
  rows,
  columns,
  plotted,
  chart,
  xKey,
}: {
  t: Translate;
  id: string;
  title: string;
  rows: readonly R[];
  columns: Column<R>[];
  /** the columns drawn (their values must be numbers); none: a table only */
  plotted: string[];
  chart: ChartKind | null;
  xKey: string;
}) {
  const empty = rows.length === 0 || rows.every((row) => columns.filter((c) => plotted.includes(c.key)).every((c) => !c.value(row)));
  const points = rows.map((row) => Object.fromEntries(columns.map((c) => [c.key, c.value(row)])));
  const lines = columns.filter((c) => plotted.includes(c.key));
  const colours = ['#4c61b4', '#d97706', '#059669', '#dc2626'];
  return (
    <Box as="section" borderWidth="1px" borderRadius="md" p="3" data-testid={`analyses-card-${id}`}>
      <HStack justify="space-between" mb="2">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        <Button
          size="xs"
          variant="outline"
          disabled={rows.length === 0}
          onClick={() =>
            downloadCsv(
              `${id}.csv`,
              buildCsv(
                columns.map((c) => c.label),
                rows.map((row) => columns.map((c) => c.value(row))),
              ),
            )
          }
        >
          {t('analyses.csv')}
        </Button>
      </HStack>
      {empty ? (
        <Text data-testid="analyses-empty" color="fg.muted">
          {t('analyses.empty')}
        </Text>
      ) : (
        <>
          {chart && lines.length > 0 ? (
            <Box>
              <StatisticsChart
                kind={chart}
                title={title}
                points={points}
                xKey={xKey}
                series={lines.map((c, index) => ({ key: c.key, label: c.label, colour: colours[index % colours.length] }))}
              />
              <HStack gap="3" fontSize="xs">
                {lines.map((c, index) => (
                  <HStack key={c.key} gap="1">
                    <Box width="10px" height="10px" bg={colours[index % colours.length]} />
                    <Text>{c.label}</Text>
                  </HStack>
                ))}
              </HStack>
            </Box>
          ) : null}
          <Box overflowX="auto" maxHeight="320px" overflowY="auto">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  {columns.map((c) => (
                    <Table.ColumnHeader key={c.key}>{c.label}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row, index) => (
                  <Table.Row key={index}>
                    {columns.map((c) => (
                      <Table.Cell key={c.key}>{c.show ? c.show(row) : String(c.value(row) ?? '')}</Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        </>
      )}
    </Box>
  );
}

/** A row of headline figures. */
export function Figures({ items }: { items: [string, string][] }) {
  return (
    <HStack gap="6" wrap="wrap" data-testid="analyses-figures">
      {items.map(([label, value]) => (
        <Stack key={label} gap="0">
          <Text fontSize="xs" color="fg.muted">
            {label}
          </Text>
          <Text fontSize="xl" fontWeight="semibold">
            {value}
          </Text>
        </Stack>
      ))}
    </HStack>
  );
}

/** Money in the user's language (euro, spec §9). */
export function moneyFormat(language: string): (cents: number) => string {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' });
  return (cents) => format.format(cents / 100);
}
