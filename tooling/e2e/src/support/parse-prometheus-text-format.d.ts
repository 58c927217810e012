/** Types of `parse-prometheus-text-format` (it ships none): the prom2json shape of each metric family. */
declare module 'parse-prometheus-text-format' {
  /** One sample of a counter, gauge or untyped family. */
  export interface PrometheusSample {
    value: string;
    labels?: Record<string, string>;
  }
  /** One labelled histogram or summary. */
  export interface PrometheusDistribution {
    buckets?: Record<string, string>;
    quantiles?: Record<string, string>;
    count: string;
    sum: string;
    labels?: Record<string, string>;
  }
  /** One metric family. */
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: (PrometheusSample | PrometheusDistribution)[];
  }
  /** Parses a text exposition into its families; throws on malformed text. */
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
