// Lists the async bodies that the C# compiler's parser finds in each file, so AsyncLens's coverage can be
// measured against the real grammar: reads file paths (one per line) from stdin, writes one JSON object per
// file to stdout. `--define A;B` sets the preprocessing symbols, as a project's DefineConstants would.
using System.Text.Json;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

var defines = new List<string>();
for (var i = 0; i < args.Length; i++)
{
    if (args[i] == "--define" && i + 1 < args.Length) defines.AddRange(args[++i].Split(';', StringSplitOptions.RemoveEmptyEntries));
}
var options = new CSharpParseOptions(LanguageVersion.Preview, DocumentationMode.None, SourceCodeKind.Regular, defines);
string? path;
while ((path = Console.ReadLine()) != null)
{
    if (path.Length == 0) continue;
    string text;
    try { text = File.ReadAllText(path); }
    catch (Exception e) { Console.WriteLine(JsonSerializer.Serialize(new { file = path, error = e.Message })); continue; }
    var tree = CSharpSyntaxTree.ParseText(text, options, path);
    var root = tree.GetRoot();
    var bodies = new List<object>();
    foreach (var node in root.DescendantNodes())
    {
        var (kind, name, isAsync) = node switch
        {
            MethodDeclarationSyntax m => ("method", m.Identifier.ValueText, m.Modifiers.Any(SyntaxKind.AsyncKeyword)),
            LocalFunctionStatementSyntax f => ("localFunction", f.Identifier.ValueText, f.Modifiers.Any(SyntaxKind.AsyncKeyword)),
            AnonymousFunctionExpressionSyntax a => (a is AnonymousMethodExpressionSyntax ? "anonymousMethod" : "lambda", "<lambda>", a.AsyncKeyword.IsKind(SyntaxKind.AsyncKeyword)),
            _ => ("", "", false),
        };
        if (!isAsync) continue;
        // Methods and local functions are located by their name (attributes come first in their span),
        // lambdas by their first token after any attributes: the `async` keyword.
        var anchor = node switch
        {
            MethodDeclarationSyntax m => m.Identifier.GetLocation(),
            LocalFunctionStatementSyntax f => f.Identifier.GetLocation(),
            AnonymousFunctionExpressionSyntax a => a.AsyncKeyword.GetLocation(),
            _ => node.GetLocation(),
        };
        var line = anchor.GetLineSpan().StartLinePosition.Line + 1;
        bodies.Add(new { kind, name, line, start = node.SpanStart });
    }
    var errors = tree.GetDiagnostics().Count(d => d.Severity == DiagnosticSeverity.Error);
    Console.WriteLine(JsonSerializer.Serialize(new { file = path, errors, bodies }));
}
