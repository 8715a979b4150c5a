// ASP.NET Core routing's own template-parser tests as data (dotnet/aspnetcore src/Http/Routing/test/UnitTests:
// Template/TemplateParserTests.cs and InlineRouteParameterParserTests.cs). Invalid templates carry `error: {}`:
// ASP.NET's tests assert the message, not an index. Generated plain data; see `source` on each case.
import type { TemplateCase } from './types.js';

export const aspnetTemplateCases: TemplateCase[] = [
  {
    template: "cool",
    expected: { segments: [{ parts: [{ kind: "literal", text: "cool" }] }] },
    source: "TemplateParserTests.Parse_SingleLiteral",
  },
  {
    template: "{p}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_SingleParameter",
  },
  {
    template: "{p?}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p", isOptional: true, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_OptionalParameter",
  },
  {
    template: "cool/awesome/super",
    expected: {
      segments: [
        { parts: [{ kind: "literal", text: "cool" }] },
        { parts: [{ kind: "literal", text: "awesome" }] },
        { parts: [{ kind: "literal", text: "super" }] },
      ],
    },
    source: "TemplateParserTests.Parse_MultipleLiterals",
  },
  {
    template: "{p1}/{p2}/{*p3}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
        {
          parts: [
            { kind: "parameter", name: "p2", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
        {
          parts: [
            { kind: "parameter", name: "p3", isOptional: false, isCatchAll: true, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_MultipleParameters",
  },
  {
    template: "cool-{p1}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "literal", text: "cool-" },
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_ComplexSegment_LP",
  },
  {
    template: "{p1}-cool",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
            { kind: "literal", text: "-cool" },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_ComplexSegment_PL (the C# expected literal text 'cool-' is a typo its comparer never checks; corrected)",
  },
  {
    template: "{p1}-cool-{p2}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
            { kind: "literal", text: "-cool-" },
            { kind: "parameter", name: "p2", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_ComplexSegment_PLP (the C# expected literal text 'cool-' is a typo its comparer never checks; corrected)",
  },
  {
    template: "cool-{p1}-awesome",
    expected: {
      segments: [
        {
          parts: [
            { kind: "literal", text: "cool-" },
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
            { kind: "literal", text: "-awesome" },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_ComplexSegment_LPL",
  },
  {
    template: "{p1}.{p2?}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
            { kind: "separator", text: "." },
            { kind: "parameter", name: "p2", isOptional: true, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_ComplexSegment_OptionalParameterFollowingPeriod",
  },
  {
    template: "{p1}.{p2}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
            { kind: "literal", text: "." },
            { kind: "parameter", name: "p2", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_ComplexSegment_ParametersFollowingPeriod",
  },
  {
    template: "{p1}.{p2}.{p3?}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
            { kind: "literal", text: "." },
            { kind: "parameter", name: "p2", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
            { kind: "separator", text: "." },
            { kind: "parameter", name: "p3", isOptional: true, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_ComplexSegment_OptionalParameterFollowingPeriod_ThreeParameters",
  },
  {
    template: "{p1}.{p2}.{p3}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
            { kind: "literal", text: "." },
            { kind: "parameter", name: "p2", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
            { kind: "literal", text: "." },
            { kind: "parameter", name: "p3", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_ComplexSegment_ThreeParametersSeparatedByPeriod",
  },
  {
    template: "{p1}.{p2?}/{p3}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
            { kind: "separator", text: "." },
            { kind: "parameter", name: "p2", isOptional: true, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
        {
          parts: [
            { kind: "parameter", name: "p3", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_ComplexSegment_OptionalParameterFollowingPeriod_MiddleSegment",
  },
  {
    template: "{p1}/{p2}.{p3?}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
        {
          parts: [
            { kind: "parameter", name: "p2", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
            { kind: "separator", text: "." },
            { kind: "parameter", name: "p3", isOptional: true, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_ComplexSegment_OptionalParameterFollowingPeriod_LastSegment",
  },
  {
    template: "{p2}/.{p3?}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p2", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
        {
          parts: [
            { kind: "separator", text: "." },
            { kind: "parameter", name: "p3", isOptional: true, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_ComplexSegment_OptionalParameterFollowingPeriod_PeriodAfterSlash",
  },
  {
    template: "{p1:regex(^\\d{{3}}-\\d{{3}}-\\d{{4}}$)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["regex(^\\d{3}-\\d{3}-\\d{4}$)"] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_RegularExpressions #1",
  },
  {
    template: "{p1:regex(^\\d{{1,2}}\\/\\d{{1,2}}\\/\\d{{4}}$)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["regex(^\\d{1,2}\\/\\d{1,2}\\/\\d{4}$)"] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_RegularExpressions #2",
  },
  {
    template: "{p1:regex(^\\w+\\@\\w+\\.\\w+)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["regex(^\\w+\\@\\w+\\.\\w+)"] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_RegularExpressions #3",
  },
  {
    template: "{p1:regex(([}}])\\w+)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["regex(([}])\\w+)"] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_RegularExpressions #4",
  },
  {
    template: "{p1:regex(([{{(])\\w+)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["regex(([{(])\\w+)"] },
          ],
        },
      ],
    },
    source: "TemplateParserTests.Parse_RegularExpressions #5",
  },
  {
    template: "{p1:regex(^\\d{{3}}-\\d{{3}}-\\d{{4}}}$)}",
    error: {},
    source: "TemplateParserTests.Parse_RegularExpressions_Invalid #1",
  },
  {
    template: "{p1:regex(^\\d{{3}}-\\d{{3}}-\\d{{4}}$)}}",
    error: {},
    source: "TemplateParserTests.Parse_RegularExpressions_Invalid #2",
  },
  {
    template: "{{p1:regex(^\\d{{3}}-\\d{{3}}-\\d{{4}}$)}",
    error: {},
    source: "TemplateParserTests.Parse_RegularExpressions_Invalid #3",
  },
  {
    template: "{p1:regex(([}])\\w+}",
    error: {},
    source: "TemplateParserTests.Parse_RegularExpressions_Invalid #4",
  },
  {
    template: "{p1:regex(^\\d{{3}}-\\d{{3}}-\\d{{4}$)}",
    error: {},
    source: "TemplateParserTests.Parse_RegularExpressions_Invalid #5",
  },
  { template: "{p1:regex(abc)", error: {}, source: "TemplateParserTests.Parse_RegularExpressions_Invalid #6" },
  {
    template: "{p1:regex(^\\d{{3}}-\\d{{3}}-\\d{{{4}}$)}",
    error: {},
    source: "TemplateParserTests.Parse_RegularExpressions_Unescaped #1",
  },
  {
    template: "{p1:regex(^\\d{{3}}-\\d{{3}}-\\d{4}}$)}",
    error: {},
    source: "TemplateParserTests.Parse_RegularExpressions_Unescaped #2",
  },
  {
    template: "{p1}.{p2?}.{p3}",
    error: {},
    source: "TemplateParserTests.Parse_ComplexSegment_OptionalParameter_NotTheLastPart #1",
  },
  {
    template: "{p1?}{p2}",
    error: {},
    source: "TemplateParserTests.Parse_ComplexSegment_OptionalParameter_NotTheLastPart #2",
  },
  {
    template: "{p1?}{p2?}",
    error: {},
    source: "TemplateParserTests.Parse_ComplexSegment_OptionalParameter_NotTheLastPart #3",
  },
  {
    template: "{p1}.{p2?})",
    error: {},
    source: "TemplateParserTests.Parse_ComplexSegment_OptionalParameter_NotTheLastPart #4",
  },
  {
    template: "{foorb?}-bar-{z}",
    error: {},
    source: "TemplateParserTests.Parse_ComplexSegment_OptionalParameter_NotTheLastPart #5",
  },
  {
    template: "{p1}-{p2?}",
    error: {},
    source: "TemplateParserTests.Parse_ComplexSegment_OptionalParametersSeparatedByPeriod_Invalid #1",
  },
  {
    template: "{p1}..{p2?}",
    error: {},
    source: "TemplateParserTests.Parse_ComplexSegment_OptionalParametersSeparatedByPeriod_Invalid #2",
  },
  {
    template: "..{p2?}",
    error: {},
    source: "TemplateParserTests.Parse_ComplexSegment_OptionalParametersSeparatedByPeriod_Invalid #3",
  },
  {
    template: "{p1}.abc.{p2?}",
    error: {},
    source: "TemplateParserTests.Parse_ComplexSegment_OptionalParametersSeparatedByPeriod_Invalid #4",
  },
  {
    template: "{p1}{p2?}",
    error: {},
    source: "TemplateParserTests.Parse_ComplexSegment_OptionalParametersSeparatedByPeriod_Invalid #5",
  },
  {
    template: "{Controller}.mvc/{id}/{controller}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_WithRepeatedParameter",
  },
  { template: "123{a}abc{", error: {}, source: "TemplateParserTests.InvalidTemplate_WithMismatchedBraces #1" },
  { template: "123{a}abc}", error: {}, source: "TemplateParserTests.InvalidTemplate_WithMismatchedBraces #2" },
  {
    template: "xyz}123{a}abc}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_WithMismatchedBraces #3",
  },
  { template: "{{p1}", error: {}, source: "TemplateParserTests.InvalidTemplate_WithMismatchedBraces #4" },
  { template: "{p1}}", error: {}, source: "TemplateParserTests.InvalidTemplate_WithMismatchedBraces #5" },
  { template: "p1}}p2{", error: {}, source: "TemplateParserTests.InvalidTemplate_WithMismatchedBraces #6" },
  {
    template: "123{a}abc{*moo}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_CannotHaveCatchAllInMultiSegment",
  },
  {
    template: "{*p1}/{*p2}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_CannotHaveMoreThanOneCatchAll",
  },
  {
    template: "{*p1}abc{*p2}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_CannotHaveMoreThanOneCatchAllInMultiSegment",
  },
  {
    template: "foo/{*}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_CannotHaveCatchAllWithNoName",
  },
  {
    template: "{a*}",
    error: {},
    source: "TemplateParserTests.ParseRouteParameter_ThrowsIf_ParameterContainsSpecialCharacters #1",
  },
  {
    template: "{*a*}",
    error: {},
    source: "TemplateParserTests.ParseRouteParameter_ThrowsIf_ParameterContainsSpecialCharacters #2",
  },
  {
    template: "{*a*:int}",
    error: {},
    source: "TemplateParserTests.ParseRouteParameter_ThrowsIf_ParameterContainsSpecialCharacters #3",
  },
  {
    template: "{*a*=5}",
    error: {},
    source: "TemplateParserTests.ParseRouteParameter_ThrowsIf_ParameterContainsSpecialCharacters #4",
  },
  {
    template: "{*a*b=5}",
    error: {},
    source: "TemplateParserTests.ParseRouteParameter_ThrowsIf_ParameterContainsSpecialCharacters #5",
  },
  {
    template: "{p1?}.{p2/}/{p3}",
    error: {},
    source: "TemplateParserTests.ParseRouteParameter_ThrowsIf_ParameterContainsSpecialCharacters #6",
  },
  {
    template: "{p{{}",
    error: {},
    source: "TemplateParserTests.ParseRouteParameter_ThrowsIf_ParameterContainsSpecialCharacters #7",
  },
  {
    template: "{p}}}",
    error: {},
    source: "TemplateParserTests.ParseRouteParameter_ThrowsIf_ParameterContainsSpecialCharacters #8",
  },
  {
    template: "{p/}",
    error: {},
    source: "TemplateParserTests.ParseRouteParameter_ThrowsIf_ParameterContainsSpecialCharacters #9",
  },
  {
    template: "foo/{{p1}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_CannotHaveConsecutiveOpenBrace",
  },
  {
    template: "foo/{p1}}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_CannotHaveConsecutiveCloseBrace",
  },
  {
    template: "{aaa}/{AAA}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_SameParameterTwiceThrows",
  },
  {
    template: "{aaa}/{*AAA}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_SameParameterTwiceAndOneCatchAllThrows",
  },
  {
    template: "{a}/{aa}a}/{z}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_InvalidParameterNameWithCloseBracketThrows",
  },
  {
    template: "{a}/{a{aa}/{z}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_InvalidParameterNameWithOpenBracketThrows",
  },
  {
    template: "{a}/{}/{z}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_InvalidParameterNameWithEmptyNameThrows",
  },
  {
    template: "{Controller}.mvc/{?}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_InvalidParameterNameWithQuestionThrows",
  },
  {
    template: "{a}//{z}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_ConsecutiveSeparatorsSlashSlashThrows",
  },
  {
    template: "foo/{p1}/{*p2}/{p3}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_WithCatchAllNotAtTheEndThrows",
  },
  {
    template: "foo/aa{p1}{p2}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_RepeatedParametersThrows",
  },
  {
    template: "/foo",
    expected: { segments: [{ parts: [{ kind: "literal", text: "foo" }] }] },
    source: "TemplateParserTests.ValidTemplate_CanStartWithSlashOrTildeSlash #1 (C# asserts only that it parses)",
  },
  {
    template: "~/foo",
    expected: { segments: [{ parts: [{ kind: "literal", text: "foo" }] }] },
    source: "TemplateParserTests.ValidTemplate_CanStartWithSlashOrTildeSlash #2 (C# asserts only that it parses)",
  },
  { template: "~foo", error: {}, source: "TemplateParserTests.InvalidTemplate_CannotStartWithTilde" },
  { template: "foor?bar", error: {}, source: "TemplateParserTests.InvalidTemplate_CannotContainQuestionMark" },
  {
    template: "{foor?b}",
    error: {},
    source: "TemplateParserTests.InvalidTemplate_ParameterCannotContainQuestionMark_UnlessAtEnd",
  },
  { template: "{a}/{*b?}", error: {}, source: "TemplateParserTests.InvalidTemplate_CatchAllMarkedOptional" },
  {
    template: "{=}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "=", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_WithoutADefaultValue #1 (via template '{...}')",
  },
  {
    template: "{:}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: ":", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_WithoutADefaultValue #2 (via template '{...}')",
  },
  {
    template: "{param=}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "", constraints: [] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_WithEmptyDefaultValue (via template '{...}')",
  },
  {
    template: "{param:}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "Patterns.InlineRouteParameterParserTest.ParseRouteParameter_WithoutAConstraintName (via template '{...}') (the legacy InlineRouteParameterParserTests keeps an empty constraint; the RoutePattern parser does not)",
  },
  {
    template: "{param:=}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "", constraints: [] },
          ],
        },
      ],
    },
    source: "Patterns.InlineRouteParameterParserTest.ParseRouteParameter_WithoutAConstraintNameOrParameterName (via template '{...}') (the legacy InlineRouteParameterParserTests keeps an empty constraint; the RoutePattern parser does not)",
  },
  {
    template: "{param=:}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: ":", constraints: [] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_WithADefaultValueContainingConstraintSeparator (via template '{...}')",
  },
  {
    template: "{param:int=111111}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "111111", constraints: ["int"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintAndDefault_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(\\d+)=111111}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "111111", constraints: ["test(\\d+)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithArgumentsAndDefault_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:int?}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: true, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["int"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintAndOptional_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:int=12?}",
    error: {},
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintAndOptional_WithDefaultValue_ParsedCorrectly (via template '{...}') (adapted: the C# test parses the parameter text alone, where optional + default is accepted; as a template, RoutePatternParser rejects an optional parameter with a default value)",
  },
  {
    template: "{param:int=12??}",
    error: {},
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintAndOptional_WithDefaultValueWithQuestionMark_ParsedCorrectly (via template '{...}') (adapted: the C# test parses the parameter text alone, where optional + default is accepted; as a template, RoutePatternParser rejects an optional parameter with a default value)",
  },
  {
    template: "{param:test(\\d+)?}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: true, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(\\d+)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithArgumentsAndOptional_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(\\d+)=abc?}",
    error: {},
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithArgumentsAndOptional_WithDefaultValue_ParsedCorrectly (via template '{...}') (adapted: the C# test parses the parameter text alone, where optional + default is accepted; as a template, RoutePatternParser rejects an optional parameter with a default value)",
  },
  {
    template: "{param:test(d+):test(w+)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(d+)", "test(w+)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ChainedConstraints_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param::test(d+)::test(w+)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(d+)", "test(w+)"] },
          ],
        },
      ],
    },
    source: "Patterns.InlineRouteParameterParserTest.ParseRouteParameter_ChainedConstraints_DoubleDelimiters_ParsedCorrectly (via template '{...}') (the legacy InlineRouteParameterParserTests keeps empty constraints; the RoutePattern parser does not)",
  },
  {
    template: "{param:test(\\d+):test(\\w:+)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(\\d+)", "test(\\w:+)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ChainedConstraints_ColonInPattern_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(\\d+):test(\\w+)=qwer}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "qwer", constraints: ["test(\\d+)", "test(\\w+)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ChainedConstraints_WithDefaultValue_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(\\d+)::test(\\w+)==qwer}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "=qwer", constraints: ["test(\\d+)", "test(\\w+)"] },
          ],
        },
      ],
    },
    source: "Patterns.InlineRouteParameterParserTest.ParseRouteParameter_ChainedConstraints_WithDefaultValue_DoubleDelimiters_ParsedCorrectly (via template '{...}') (the legacy InlineRouteParameterParserTests keeps an empty constraint; the RoutePattern parser does not)",
  },
  {
    template: "{comparison-operator:length(6)==}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "comparison-operator", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "=", constraints: ["length(6)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_WithDefaultValue_ContainingDelimiter #1 (via template '{...}')",
  },
  {
    template: "{comparison-operator:length(6)=+=}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "comparison-operator", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "+=", constraints: ["length(6)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_WithDefaultValue_ContainingDelimiter #2 (via template '{...}')",
  },
  {
    template: "{comparison-operator:length(6)=>= || <= || ==}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "comparison-operator", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: ">= || <= || ==", constraints: ["length(6)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_WithDefaultValue_ContainingDelimiter #3 (via template '{...}')",
  },
  {
    template: "some/url-{p1:int:test(3)=hello}/{p2=abc}/{p3?}",
    expected: {
      segments: [
        { parts: [{ kind: "literal", text: "some" }] },
        {
          parts: [
            { kind: "literal", text: "url-" },
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "hello", constraints: ["int", "test(3)"] },
          ],
        },
        {
          parts: [
            { kind: "parameter", name: "p2", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "abc", constraints: [] },
          ],
        },
        {
          parts: [
            { kind: "parameter", name: "p3", isOptional: true, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteTemplate_ConstraintsDefaultsAndOptionalsInMultipleSections_ParsedCorrectly",
  },
  {
    template: "{world}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "world", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_NoTokens_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param=world}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "world", constraints: [] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ParamDefault_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(\\}})}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(\\})"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithClosingBraceInPattern_ClosingBraceIsParsedCorrectly (via template '{...}') (adapted: the '}' / '{' inside the constraint is doubled, as a template requires)",
  },
  {
    template: "{param:test(\\}})=wer}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "wer", constraints: ["test(\\})"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithClosingBraceInPattern_WithDefaultValue_ParsedCorrectly (via template '{...}') (adapted: the '}' / '{' inside the constraint is doubled, as a template requires)",
  },
  {
    template: "{param:test(\\))}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(\\))"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithClosingParenInPattern_ClosingParenIsParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(\\))=fsd}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "fsd", constraints: ["test(\\))"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithClosingParenInPattern_WithDefaultValue_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(:)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(:)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithColonInPattern_ColonIsParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(:)=mnf}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "mnf", constraints: ["test(:)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithColonInPattern_WithDefaultValue_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(a:b:c)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(a:b:c)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithColonsInPattern_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{:param:test=12}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: ":param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "12", constraints: ["test"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithColonInParamName_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{:param::test=12}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: ":param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "12", constraints: ["test"] },
          ],
        },
      ],
    },
    source: "Patterns.InlineRouteParameterParserTest.ParseRouteParameter_ConstraintWithTwoColonInParamName_ParsedCorrectly (via template '{...}') (the legacy InlineRouteParameterParserTests keeps an empty constraint; the RoutePattern parser does not)",
  },
  {
    template: "{:param:test:}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: ":param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test"] },
          ],
        },
      ],
    },
    source: "Patterns.InlineRouteParameterParserTest.ParseRouteParameter_EmptyConstraint_ParsedCorrectly (via template '{...}') (the legacy InlineRouteParameterParserTests keeps an empty constraint; the RoutePattern parser does not)",
  },
  {
    template: "{param:test(\\w,\\w)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(\\w,\\w)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithCommaInPattern_PatternIsParsedCorrectly (via template '{...}')",
  },
  {
    template: "{par,am:test(\\w)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "par,am", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(\\w)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithCommaInName_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(\\w,\\w)=jsd}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "jsd", constraints: ["test(\\w,\\w)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithCommaInPattern_WithDefaultValue_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:int=?}",
    error: {},
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithEqualsFollowedByQuestionMark_PatternIsParsedCorrectly (via template '{...}') (adapted: the C# test parses the parameter text alone, where optional + default is accepted; as a template, RoutePatternParser rejects an optional parameter with a default value)",
  },
  {
    template: "{param:test(=)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(=)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithEqualsSignInPattern_PatternIsParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param=test=bar}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "test=bar", constraints: [] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_EqualsSignInDefaultValue_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(a==b)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(a==b)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithEqualEqualSignInPattern_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(a==b)=dvds}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "dvds", constraints: ["test(a==b)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithEqualEqualSignInPattern_WithDefaultValue_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{par==am:test=dvds}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "par", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "=am:test=dvds", constraints: [] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_EqualEqualSignInName_WithDefaultValue_ParsedCorrectly (via template '{...}') (C# asserts name and default only)",
  },
  {
    template: "{param:test==dvds}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "=dvds", constraints: ["test"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_EqualEqualSignInDefaultValue_ParsedCorrectly (via template '{...}') (C# asserts name and default only; constraints inferred)",
  },
  {
    template: "{par=am:test(asd)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "par", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "am:test(asd)", constraints: [] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_DefaultValueWithColonAndParens_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{par=test(am):est=asd}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "par", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "test(am):est=asd", constraints: [] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_DefaultValueWithEqualsSignIn_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(=)=sds}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "sds", constraints: ["test(=)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithEqualsSignInPattern_WithDefaultValue_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(\\{{)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(\\{)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithOpenBraceInPattern_PatternIsParsedCorrectly (via template '{...}') (adapted: the '}' / '{' inside the constraint is doubled, as a template requires)",
  },
  {
    template: "{param:test(\\{{)=xvc}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "xvc", constraints: ["test(\\{)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithOpenBraceInPattern_WithDefaultValue_ParsedCorrectly (via template '{...}') (adapted: the '}' / '{' inside the constraint is doubled, as a template requires)",
  },
  {
    template: "{par{{am:test(\\sd)}",
    error: {},
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithOpenBraceInName_ParsedCorrectly (via template '{...}') (adapted: the '{' doubled, as a template requires; the C# test parses the parameter text alone, giving the name 'par{am', which as a template RoutePatternParser rejects: '{' cannot be in a parameter name, as in TemplateParserTests.ParseRouteParameter_ThrowsIf_ParameterContainsSpecialCharacters '{p{{}')",
  },
  {
    template: "{par(am:test(\\()}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "par(am", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(\\()"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithOpenParenInName_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(\\()}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(\\()"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithOpenParenInPattern_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(#$%}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(#$%"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithOpenParenNoCloseParen_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(#:test1}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(#", "test1"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithOpenParenAndColon_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(abc:somevalue):name(test1:differentname=default-value}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "default-value", constraints: ["test(abc:somevalue)", "name(test1", "differentname"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithOpenParenAndColonWithDefaultValue_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(constraintvalue=test1}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "test1", constraints: ["test(constraintvalue"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithOpenParenAndDefaultValue_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(\\()=djk}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "djk", constraints: ["test(\\()"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithOpenParenInPattern_WithDefaultValue_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(\\?)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(\\?)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithQuestionMarkInPattern_PatternIsParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(\\?)?}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: true, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(\\?)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithQuestionMarkInPattern_Optional_PatternIsParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(\\?)=sdf}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "sdf", constraints: ["test(\\?)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithQuestionMarkInPattern_WithDefaultValue_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(\\?)=sdf?}",
    error: {},
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithQuestionMarkInPattern_Optional_WithDefaultValue_ParsedCorrectly (via template '{...}') (adapted: the C# test parses the parameter text alone, where optional + default is accepted; as a template, RoutePatternParser rejects an optional parameter with a default value)",
  },
  {
    template: "{par?am:test(\\?)}",
    error: {},
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithQuestionMarkInName_ParsedCorrectly (via template '{...}') (adapted: the C# test parses the parameter text alone, giving the name 'par?am', which as a template RoutePatternParser rejects: '?' may only end a parameter, as in TemplateParserTests.InvalidTemplate_ParameterCannotContainQuestionMark_UnlessAtEnd)",
  },
  {
    template: "{param:test(#):$)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(#)", "$)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithClosedParenAndColonInPattern_ParsedCorrectly (via template '{...}')",
  },
  {
    template: "{param:test(#:)$)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "param", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["test(#:)$)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithColonAndClosedParenInPattern_PatternIsParsedCorrectly (via template '{...}')",
  },
  {
    template: "{foo:regex(\\\\(\\\\(\\\\(\\\\()}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "foo", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["regex(\\\\(\\\\(\\\\(\\\\()"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ContainingMultipleUnclosedParenthesisInConstraint (via template '{...}')",
  },
  {
    template: "{p1:regex(^\\d{{3}}-\\d{{3}}-\\d{{4}}$)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: ["regex(^\\d{3}-\\d{3}-\\d{4}$)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithBraces_PatternIsParsedCorrectly (via template '{...}') (through the template parser the doubled braces are unescaped; the direct C# call keeps them doubled)",
  },
  {
    template: "{p1:regex(^\\d{{3}}-\\d{{3}}-\\d{{4}}$)=123-456-7890}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "p1", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: "123-456-7890", constraints: ["regex(^\\d{3}-\\d{3}-\\d{4}$)"] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ConstraintWithBraces_WithDefaultValue (via template '{...}') (through the template parser the doubled braces are unescaped; the direct C# call keeps them doubled)",
  },
  {
    template: "{}",
    error: {},
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ParameterWithoutInlineConstraint_ReturnsTemplatePartWithEmptyInlineValues #1 (via template '{...}') (adapted: the C# test parses the parameter text alone, giving a part named ''; as a template RoutePatternParser rejects it: the name is empty, as in TemplateParserTests.InvalidTemplate_InvalidParameterNameWithEmptyNameThrows)",
  },
  {
    template: "{?}",
    error: {},
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ParameterWithoutInlineConstraint_ReturnsTemplatePartWithEmptyInlineValues #2 (via template '{...}') (adapted: the C# test parses the parameter text alone, giving a part named ''; as a template RoutePatternParser rejects it: '?' alone leaves an empty name, as in TemplateParserTests.InvalidTemplate_InvalidParameterNameWithQuestionThrows)",
  },
  {
    template: "{*}",
    error: {},
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ParameterWithoutInlineConstraint_ReturnsTemplatePartWithEmptyInlineValues #3 (via template '{...}') (adapted: the C# test parses the parameter text alone, giving a part named ''; as a template RoutePatternParser rejects it: '*' alone leaves an empty name, as in TemplateParserTests.InvalidTemplate_CannotHaveCatchAllWithNoName)",
  },
  {
    template: "{ }",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: " ", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ParameterWithoutInlineConstraint_ReturnsTemplatePartWithEmptyInlineValues #4 (via template '{...}')",
  },
  {
    template: "{\t}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "\t", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ParameterWithoutInlineConstraint_ReturnsTemplatePartWithEmptyInlineValues #5 (via template '{...}')",
  },
  {
    template: "{#!@#$%Q@#@%}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "#!@#$%Q@#@%", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ParameterWithoutInlineConstraint_ReturnsTemplatePartWithEmptyInlineValues #6 (via template '{...}')",
  },
  {
    template: "{,,,}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: ",,,", isOptional: false, isCatchAll: false, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "InlineRouteParameterParserTests.ParseRouteParameter_ParameterWithoutInlineConstraint_ReturnsTemplatePartWithEmptyInlineValues #7 (via template '{...}')",
  },
  {
    template: "{controller}/{action}/{id:int=?}",
    error: {},
    source: "TemplateParserDefaultValuesTests.EmptyDefaultValue_WithOptionalParameter_Throws (C# maps it with defaults { id = 13 }; the template alone is already rejected: an optional parameter cannot have a default)",
  },
  {
    template: "{controller}/{action}/{id:int=12?}",
    error: {},
    source: "TemplateParserDefaultValuesTests.NonEmptyDefaultValue_WithOptionalParameter_Throws (C# maps it with defaults { id = 13 }; the template alone is already rejected: an optional parameter cannot have a default)",
  },
  {
    template: "{*path}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "path", isOptional: false, isCatchAll: true, encodeSlashes: true, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "Patterns.InlineRouteParameterParserTest.ParseRouteParameter_WithSingleAsteriskCatchAll_IsParsedCorrectly (via template '{...}')",
  },
  {
    template: "{*path=a/b/c}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "path", isOptional: false, isCatchAll: true, encodeSlashes: true, defaultValue: "a/b/c", constraints: [] },
          ],
        },
      ],
    },
    source: "Patterns.InlineRouteParameterParserTest.ParseRouteParameter_WithSingleAsteriskCatchAll_AndDefaultValue_IsParsedCorrectly (via template '{...}')",
  },
  {
    template: "{*path:regex(^(/[^/ ]*)+/?$)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "path", isOptional: false, isCatchAll: true, encodeSlashes: true, defaultValue: null, constraints: ["regex(^(/[^/ ]*)+/?$)"] },
          ],
        },
      ],
    },
    source: "Patterns.InlineRouteParameterParserTest.ParseRouteParameter_WithSingleAsteriskCatchAll_AndConstraints_IsParsedCorrectly (via template '{...}')",
  },
  {
    template: "{*path:regex(^(/[^/ ]*)+/?$)=a/b/c}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "path", isOptional: false, isCatchAll: true, encodeSlashes: true, defaultValue: "a/b/c", constraints: ["regex(^(/[^/ ]*)+/?$)"] },
          ],
        },
      ],
    },
    source: "Patterns.InlineRouteParameterParserTest.ParseRouteParameter_WithSingleAsteriskCatchAll_AndConstraints_AndDefaultValue_IsParsedCorrectly (via template '{...}')",
  },
  {
    template: "{**path}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "path", isOptional: false, isCatchAll: true, encodeSlashes: false, defaultValue: null, constraints: [] },
          ],
        },
      ],
    },
    source: "Patterns.InlineRouteParameterParserTest.ParseRouteParameter_WithDoubleAsteriskCatchAll_IsParsedCorrectly (via template '{...}')",
  },
  {
    template: "{**path=a/b/c}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "path", isOptional: false, isCatchAll: true, encodeSlashes: false, defaultValue: "a/b/c", constraints: [] },
          ],
        },
      ],
    },
    source: "Patterns.InlineRouteParameterParserTest.ParseRouteParameter_WithDoubleAsteriskCatchAll_AndDefaultValue_IsParsedCorrectly (via template '{...}')",
  },
  {
    template: "{**path:regex(^(/[^/ ]*)+/?$)}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "path", isOptional: false, isCatchAll: true, encodeSlashes: false, defaultValue: null, constraints: ["regex(^(/[^/ ]*)+/?$)"] },
          ],
        },
      ],
    },
    source: "Patterns.InlineRouteParameterParserTest.ParseRouteParameter_WithDoubleAsteriskCatchAll_AndConstraints_IsParsedCorrectly (via template '{...}')",
  },
  {
    template: "{**path:regex(^(/[^/ ]*)+/?$)=a/b/c}",
    expected: {
      segments: [
        {
          parts: [
            { kind: "parameter", name: "path", isOptional: false, isCatchAll: true, encodeSlashes: false, defaultValue: "a/b/c", constraints: ["regex(^(/[^/ ]*)+/?$)"] },
          ],
        },
      ],
    },
    source: "Patterns.InlineRouteParameterParserTest.ParseRouteParameter_WithDoubleAsteriskCatchAll_AndConstraints_AndDefaultValue_IsParsedCorrectly (via template '{...}')",
  },
];
