import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
var o={syntax:"promql.syntax",unknownFunction:"promql.unknown-function",type:"promql.type",resultType:"promql.result-type",comparisonWithOperator:"promql.comparison-with-operator",noComparison:"promql.no-comparison",plainRegex:"promql.plain-regex",emptyMatchers:"promql.empty-matchers"};export{o as a};
