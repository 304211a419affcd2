package shell

// posixBuiltins registers the POSIX and bash builtins that nosh implements
// in place of interp's missing or partial ones, besides package builtins'
// (registerBuiltins).
func posixBuiltins(m map[string]builtinFunc) {
	m["set"] = builtinSet
	m[internalFlags] = builtinDashFlags
	m[builtinRedirName] = builtinRedir
	m[builtinSubshellName] = builtinSubshell
	m[builtinCsubstName] = builtinCsubst
	m[builtinCatName] = builtinCat
	m[builtinSkipName] = builtinSkip
	m["break"] = builtinLoopJump
	m["continue"] = builtinLoopJump
	m[builtinExemptName] = builtinExempt
	m[builtinCallName] = builtinCall
	m[builtinFieldName] = builtinFields
	m[builtinDeclName] = builtinDecl
	m[builtinLocalName] = builtinLocal
	m[builtinQuoteMetaName] = builtinQuoteMeta
	m[builtinPipeName] = builtinPipe
	m["unset"] = builtinUnset
	m["shopt"] = builtinShopt
	for _, name := range []string{"export", "readonly", "declare", "typeset", "local"} {
		m[name] = builtinDeclCmd
	}
	m["eval"] = builtinEval
	m["source"] = builtinSource
	m["."] = builtinSource
	m["return"] = builtinReturn
	m["exit"] = builtinExit
	m["shift"] = builtinShift
	m["exec"] = builtinExec
	m[builtinROCheckName] = builtinROCheck
	m[builtinWhileName] = builtinWhile
	m[builtinFuncDefName] = builtinFuncDef
	m[builtinXAssignName] = builtinXAssign
	m[builtinFuncnameName] = builtinFuncname
	m["caller"] = builtinCaller
	m[builtinPstatName] = builtinPstat
	m[builtinPstatRunName] = builtinPstatRun
	m[builtinXtraceName] = builtinXtrace
	m[builtinDeclFlagName] = builtinDeclFlag
	m[builtinUnexportName] = builtinUnexport
}
