"use strict";var e=require("./chunk-BYU3N2UB.js");require("./chunk-CThbhYle.js"),require("./chunk-QCMtkfz-.js"),require("./text-CWOjTH4O.js"),exports.normalizeLineBreaks=e.Ot,exports.parseFiles=e.zr;
