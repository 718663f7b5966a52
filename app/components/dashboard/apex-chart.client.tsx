// ApexCharts, in the browser only: the dashboard's chart widgets load this module lazily once hydrated,
// so neither the server render nor pages without charts carry the library. The core build with the
// chart types the dashboard draws (and the legend) keeps the chunk smaller than the whole library.
import ReactApexChart, { type Props } from 'react-apexcharts/core'
import 'apexcharts/area'
import 'apexcharts/bar'
import 'apexcharts/pie'
import 'apexcharts/donut'
import 'apexcharts/features/legend'

export default function ApexChart(props: Props) {
  return <ReactApexChart {...props} />
}
