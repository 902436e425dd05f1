// PLACEHOLDER (stream A): stream C replaces this file with the real widget script.
// Kept tiny so the pages reference a file that exists; see /work/issue9-contract.md.

