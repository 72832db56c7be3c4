"use strict";var e=require("./chunk-C81QVn3y.js");require("./chunk-DLbVcYbc.js"),require("./text-DYdA2By_.js"),exports.normalizeLineBreaks=e.jt,exports.parseFiles=e.Wr;
