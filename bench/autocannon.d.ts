// The slice of autocannon's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  namespace autocannon {
    type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
    type Result = { requests: Histogram & { total: number }; latency: Histogram; throughput: Histogram; errors: number; timeouts: number; non2xx: number; "2xx": number };
    type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Array<Request & { setupRequest?: (request: Request) => Request }>;
    };
  }
  function autocannon(options: autocannon.Options, callback: (error: Error | null, result: autocannon.Result) => void): unknown;
  export default autocannon;
}
