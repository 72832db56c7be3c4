"use strict";var e=require("./chunk-H__zce2i.js");require("./chunk-CM0QFHBM.js"),require("./text-sknspW0o.js"),exports.normalizeLineBreaks=e.jt,exports.parseFiles=e.Wr;
